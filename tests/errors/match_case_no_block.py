# error: 4:5: expected an indented block after 'case' statement on line 3
match command:
    case "go":
    pass
