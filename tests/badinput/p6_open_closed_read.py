# badinput: open closed read (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: I/O operation on closed file.
f = open(__import__('os').path.join(__import__('tempfile').mkdtemp(), 'f.txt'), 'w')
f.close()
f.write('x')
