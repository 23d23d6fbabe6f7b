# badinput: os.path.relpath of an empty path (a mutated argument): posixpath tests the path's truth first, ValueError 'no path specified', where Kiln returned a path (h11 mutation sweep)
# expect-exit: 1
# expect-stderr: ValueError: no path specified
import os
print(os.path.relpath(""))
