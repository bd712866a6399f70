func.func @bad(%p: tensor<4xf32>) -> (tensor<4xf32> {stepwell.writes = 3 : i64}) {
  func.return %p : tensor<4xf32>
}
