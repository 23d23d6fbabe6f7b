# badinput: statistics stdev one (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: statistics.StatisticsError: stdev requires at least two data points
import statistics
statistics.stdev([1])
