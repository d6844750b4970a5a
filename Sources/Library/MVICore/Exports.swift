// `Cancellable` and `Cancellation` live in the leaf target MVIEssentials, shared with the image
// pipeline and the tools; an app that imports MVICore names them without a second import.
@_exported import MVIEssentials
