# error: 3:10: wildcard makes remaining patterns unreachable
match command.split():
    case _:
        pass
    case ["quit"]:
        pass
