# statistics: exact means, variances, correctly rounded stdev
import types, numbers, textwrap, pprint, statistics, csv, io, queue, math
data = [2.5, 3.25, 5.5, 11.0, 1.75]
print(statistics.mean(data), statistics.mean([1, 2, 3]), statistics.mean([1, 2, 3, 4]), statistics.median(data), statistics.median([1,2,3,4]))
print(statistics.stdev(data), statistics.pstdev(data), statistics.variance(data), statistics.pvariance([1, 2, 3, 4]), statistics.variance([1,2,3]))
print(statistics.mode([1, 1, 2, 3]), statistics.multimode('aabbc'), statistics.quantiles([1,2,3,4,5,6,7,8,9,10]), statistics.fmean([1, 2, 3]))
print(statistics.stdev([0.1, 0.2, 0.3, 0.4]), statistics.geometric_mean([1, 10, 100]), statistics.harmonic_mean([40, 60]))
print(statistics.NormalDist(0, 1).cdf(1.0), statistics.linear_regression([1,2,3,4],[2,4,6,8.5]))
try: statistics.mean([])
except statistics.StatisticsError as e: print('SE', e)
