# badinput: open write int (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: write() argument must be str, not int
with open(__import__('os').path.join(__import__('tempfile').mkdtemp(), 'f.txt'), 'w') as f:
    f.write(1)
