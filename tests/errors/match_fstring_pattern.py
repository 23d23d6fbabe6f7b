# error: 4:10: patterns may only match literals and attribute lookups
name = "x"
match name:
    case f"{name}":
        pass
