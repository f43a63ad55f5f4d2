// placeholder while the skeleton is assembled
enum _PlaceholderSigbenchRender {}
