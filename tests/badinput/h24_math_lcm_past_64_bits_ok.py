# badinput: math.lcm whose result is past 64 bits (was "OverflowError: Python int too large to convert to C ssize_t")
# expect-exit: 0
# expect-stdout: 224269343257001716702690972139746492416 110680464442257309696 0
import math
print(math.lcm(2**64, 3**40), math.lcm(-2**65, 3), math.lcm(2**70, 0, 3))
