# error: 6:16: 'break', 'continue' and 'return' cannot appear in an except* block
def f():
    try:
        pass
    except* ValueError:
        return 1
