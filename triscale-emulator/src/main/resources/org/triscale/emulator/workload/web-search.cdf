# Web-search flow sizes (Alizadeh et al., DCTCP, SIGCOMM 2010), as tabulated in pFabric's
# simulation scripts (Alizadeh et al., SIGCOMM 2013) and reused across datacenter CCA papers.
# Columns: flow size in bytes (packets of 1,460 bytes), cumulative probability.
# Sizes between two points are interpolated linearly.
8760 0
8760 0.15
18980 0.2
27740 0.3
48180 0.4
77380 0.53
194180 0.6
973820 0.7
1946180 0.8
4865820 0.9
9733820 0.97
29200000 1
