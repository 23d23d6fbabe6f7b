# __format__ on user classes and format() dispatch.
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __format__(self, spec):
        if spec == "":
            return "$%d.%02d" % (self.cents // 100, self.cents % 100)
        if spec == "c":
            return str(self.cents) + "c"
        return format(self.cents / 100, spec)

    def __str__(self):
        return "Money"


class Plain:
    def __str__(self):
        return "plain!"


m = Money(12345)
print(f"{m}", f"{m:c}", f"{m:.1f}", f"{m:>10.2f}|")
print("{}".format(m), "{0:c}".format(m), format(m), format(m, "c"))
print(f"{Plain()}", "{}".format(Plain()), format(Plain()), f"{Plain()!s}", f"{Plain():}")
print(f"{Plain()!s:>10}|")
try:
    format(Plain(), "d")
except TypeError as e:
    print("TypeError:", e)
try:
    f"{Plain():>5}"
except TypeError as e:
    print("TypeError:", e)


class Bad:
    def __format__(self, spec):
        return 5


try:
    format(Bad())
except TypeError as e:
    print("TypeError:", e)
print(format(12, "#06x"), format(-12, "+08.2f"), format("ab", "*<6"), format(7, "b"))
print(format(1e300 * 10), format(float("nan"), ">6"), format(-float("inf"), "+"))
