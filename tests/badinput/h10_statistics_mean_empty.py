# badinput: statistics mean empty
# expect-exit: 1
# expect-stderr: statistics.StatisticsError: mean requires at least one data point
import statistics
statistics.mean([])
