# error: 3:5: invalid syntax
match command:
    pass
