# badinput: Python misuse: str translate bad
# expect-exit: 1
# expect-stderr: TypeError: character mapping must return integer, None or str
"abc".translate({97: 5.5})
