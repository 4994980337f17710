"""Playing a game: the terminal game (`rules play`), the browser table (`rules serve`), the
display and board picture (`rules show`), saves, journals and replays (`rules replay`), undo,
`why` and previews. Imports `bots` below it; `study`, `editions` and `fuzz` may import it
(replays), never the other way."""
