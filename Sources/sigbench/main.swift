import SigbenchCLI

SigbenchMain.main()
