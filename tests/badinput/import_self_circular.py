# badinput: a program that imports a missing name from itself: the second run, as the module
# import_self_circular, stops while that module is still initializing, and CPython words it as a
# circular import naming the module's file (probe 11: Kiln said "Kiln's ... module has no ...",
# as if Kiln lacked a feature)
# expect-exit: 1
# expect-stderr: ImportError: cannot import name 'nothing_here' from partially initialized module 'import_self_circular' (most likely due to a circular import) (
from import_self_circular import nothing_here
