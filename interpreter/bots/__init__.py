"""Programs that play: the bots, the samples of a game that they decide on (a world the
player cannot rule out), and the OpenSpiel game. Used by every job folder above (`play`,
`study`, `editions`, `fuzz`) and by `import interpreter.openspiel`; imports only `engine`."""
