# Web-search flow sizes: the DCTCP measurement (Alizadeh et al., "Data Center TCP (DCTCP)",
# SIGCOMM 2010, Fig. 4) as tabulated for the pFabric simulations (Alizadeh et al., SIGCOMM 2013)
# and reused by later datacenter CCA papers: flow sizes 6, 6, 13, 19, 33, 53, 133, 667, 1333,
# 3333, 6667 and 20000 packets at cumulative probabilities 0, 0.15, 0.2, 0.3, 0.4, 0.53, 0.6,
# 0.7, 0.8, 0.9, 0.97 and 1; mean 1141 packets (1.67 MB;
# those simulations state 1138).
# (Earlier versions had 4,865,820 bytes at 0.9 instead of 3333 x 1460 = 4,866,180.)
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
4866180 0.9
9733820 0.97
29200000 1
