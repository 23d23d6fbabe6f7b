# error: 3:1: expected an indented block after 'match' statement on line 2
match command:
case "go":
    pass
