import ClockworkScene
import Testing

/// Implicit animations, as Core Animation makes them: a property set inside a transaction
/// animates from its old value to the new one, unless the transaction disables actions; the
/// transaction's completion runs once all it made have finished.
@Suite struct TransactionTests {
  @Test func aPropertySetInATransactionAnimates() {
    let layer = Layer()
    Transaction.perform(at: 10, duration: 2) { layer.opacity = 0 }
    #expect(layer.opacity == 0)
    #expect(layer.presentation(at: 11).opacity == 0.5)
    #expect(layer.presentation(at: 12.5).opacity == 0)
    #expect(layer.nextFrameTime(after: 11) == 11)
    #expect(layer.nextFrameTime(after: 12) == nil)
  }

  @Test func withActionsDisabledItIsSetAtOnce() {
    let layer = Layer()
    Transaction.perform(at: 10, duration: 2, disableActions: true) { layer.opacity = 0 }
    #expect(layer.presentation(at: 10.5).opacity == 0)
    #expect(layer.animationKeys.isEmpty)
    #expect(layer.nextFrameTime(after: 10) == nil)
  }

  @Test func outsideATransactionNothingAnimates() {
    let layer = ShapeLayer()
    layer.strokeEnd = 0.3
    layer.position = Point(x: 4, y: 5)
    #expect(layer.animationKeys.isEmpty)
  }

  @Test func aShapesPathAndStrokeAnimateAndFrameMovesPositionAndBounds() throws {
    let shape = ShapeLayer()
    shape.frame = Rect(x: 0, y: 0, width: 10, height: 10)
    Transaction.perform(at: 0, duration: 1) {
      shape.strokeEnd = 0
      shape.frame = Rect(x: 10, y: 0, width: 30, height: 10)
    }
    #expect(Set(shape.animationKeys) == ["strokeEnd", "bounds", "position"])
    let half = try #require(shape.presentation(at: 0.5) as? ShapeLayer)
    #expect(half.strokeEnd == 0.5 && half.frame == Rect(x: 5, y: 0, width: 20, height: 10))
  }

  @Test func theCompletionRunsOnceAllTheBatchsAnimationsHaveFinished() {
    let layer = Layer()
    var completed = 0
    Transaction.perform(at: 0, duration: 1, completion: { completed += 1 }) {
      layer.opacity = 0
      layer.position = Point(x: 10, y: 0)
    }
    #expect(completed == 0)
    layer.settleAnimations(at: 0.9)
    #expect(completed == 0)
    layer.settleAnimations(at: 1)
    #expect(completed == 1)
    layer.settleAnimations(at: 2)
    #expect(completed == 1)
  }

  @Test func aTransactionThatAnimatesNothingCompletesAtOnce() {
    let layer = Layer()
    var completed = false
    Transaction.perform(at: 0, completion: { completed = true }) { layer.opacity = 1 }  // as it was
    #expect(completed && layer.animationKeys.isEmpty)
  }

  @Test func anInnerTransactionsSettingsHoldForItsOwnChanges() {
    let layer = Layer()
    Transaction.perform(at: 0, duration: 1) {
      layer.opacity = 0
      Transaction.perform(at: 0, disableActions: true) { layer.cornerRadius = 8 }
    }
    #expect(layer.animationKeys == ["opacity"])
  }

  @Test func presentingInsideATransactionAddsNoAnimation() {
    let layer = Layer()
    layer.add(
      BasicAnimation(\Layer.opacity, from: 1, to: 0, timing: AnimationTiming(duration: 1)),
      forKey: "fade")
    Transaction.perform(at: 0, duration: 1) { _ = layer.presentation(at: 0.5) }
    #expect(layer.animationKeys == ["fade"])
  }
}
