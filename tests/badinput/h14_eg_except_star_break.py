# badinput: break inside an except* clause (SyntaxError, located) (h14 sweep)
# expect-exit: 1
# expect-stderr: SyntaxError: 'break', 'continue' and 'return' cannot appear in an except* block
for i in range(2):
    try:
        pass
    except* ValueError:
        break
