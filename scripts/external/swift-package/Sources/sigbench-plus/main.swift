import SigbenchCLI

// sigbench's whole command line, with this package's strategy in the catalog.
SigbenchMain.main(adding: [ExponentialPolyline.self], package: "sigbench-plus")
