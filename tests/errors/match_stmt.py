# error: 2:1: the match statement is not supported in Kiln
match command:
    case 'go':
        pass
