# scipy.spatial: only the distance module (scipy.spatial.distance) is provided in Kiln; KDTree,
# ConvexHull, Delaunay and the transforms are not.
from scipy.spatial import distance
