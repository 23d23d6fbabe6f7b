# The match statement: every pattern kind once (value, singleton, sequence with a star, mapping
# with **rest, class with positional and keyword sub-patterns, or, as, capture, wildcard) and a
# guard, so the token stream, the AST dump and the bytecode (MATCH_* / GET_LEN) are pinned.
def handle(command, Point):
    match command:
        case -1 | 1 + 2j | "quit" | Point.ORIGIN:
            return None
        case None:
            return False
        case [first, *rest] if rest:
            return first
        case {"x": 0, **others}:
            return others
        case Point(x, y=0) as p:
            return p
        case (a, _, b):
            return a + b
        case _:
            return 0
