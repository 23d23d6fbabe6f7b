# error: 6:9: 'break', 'continue' and 'return' cannot appear in an except* block
for i in range(3):
    try:
        pass
    except* ValueError:
        continue
