# badinput: statistics mode empty (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: statistics.StatisticsError: no mode for empty data
import statistics
statistics.mode([])
