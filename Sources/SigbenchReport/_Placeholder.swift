// placeholder while the skeleton is assembled
enum _PlaceholderSigbenchReport {}
