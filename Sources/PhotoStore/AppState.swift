import PhotoModel
