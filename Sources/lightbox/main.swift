import LightboxCommands

// The executable is only this: every subcommand lives in LightboxCommands.
LightboxCommand.main()
