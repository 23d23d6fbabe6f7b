# badinput: ord two chars
# expect-exit: 1
# expect-stderr: TypeError: ord() expected a character, but string of length 2 found
ord("ab")
