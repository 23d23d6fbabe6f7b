# badinput: ord bad (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: ord() expected a character, but string of length 2 found
ord("ab")
