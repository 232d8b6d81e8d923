import LightboxApp
import ArgumentParser
print("lightbox")
