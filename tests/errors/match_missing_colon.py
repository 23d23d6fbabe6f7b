# error: 2:14: expected ':'
match command
    case "go":
        pass
