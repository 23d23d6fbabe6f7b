# badinput: break inside except*
# expect-exit: 1
# expect-stderr: SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block
for i in range(1):
    try:
        pass
    except* ValueError:
        break
