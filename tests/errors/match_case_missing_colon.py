# error: 3:14: expected ':'
match command:
    case "go"
        pass
