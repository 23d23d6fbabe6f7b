# badinput: open negative buffering text (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: ValueError: can't have unbuffered text I/O
open(__import__('os').path.join(__import__('tempfile').mkdtemp(), 'f.txt'), 'w', buffering=0)
