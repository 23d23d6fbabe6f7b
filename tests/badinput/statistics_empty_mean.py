# badinput: statistics.mean of no data
# expect-exit: 1
# expect-stderr: statistics.StatisticsError: mean requires at least one data point
import statistics
statistics.mean([])
