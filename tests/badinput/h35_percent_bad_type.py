# badinput: Python misuse: percent bad type
# expect-exit: 1
# expect-stderr: TypeError: %d format: a real number is required, not str
print("%d" % "a")
