# badinput: deep exec nested if (issue 31 sweep)
# expect-exit: 1
# expect-stderr: SyntaxError: too many levels of indentation
src = ''
for i in range(200):
    src += ' ' * i + 'if True:\n'
src += ' ' * 200 + 'pass\n'
exec(src)
