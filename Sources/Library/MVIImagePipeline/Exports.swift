// The pipeline's handles are the package's one `Cancellable` and `Cancellation` (MVIEssentials);
// an app that imports only MVIImagePipeline names them without a second import.
@_exported import MVIEssentials
