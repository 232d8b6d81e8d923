import PhotoStore
import DemoLibrary
import PhotoMetadata
