# badinput: Python misuse: ord long
# expect-exit: 1
# expect-stderr: TypeError: ord() expected a character, but string of length 2 found
ord("ab")
