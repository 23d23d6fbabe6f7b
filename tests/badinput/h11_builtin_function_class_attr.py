# badinput: a mutated program called a builtin stored on a class (h = abs; c.h(-999999937)): CPython's builtin_function_or_method is no descriptor, so it gets the argument alone; Kiln bound it and reported 'abs() takes at most 1 argument (2 given)' (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: 999999937 3 1970 2
import time
class C:
    h = abs
    f = len
    conv = time.gmtime
    def twice(self, x):
        return 2 * x
c = C()
print(c.h(-999999937), c.f([1, 2, 3]), c.conv(0).tm_year, c.twice(1))
