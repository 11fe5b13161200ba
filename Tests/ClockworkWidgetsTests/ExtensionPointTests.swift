import ClockworkCairo
import ClockworkCore
import ClockworkScene
import Foundation
import Testing

@testable import ClockworkWidgets

/// The designs' extension points: a part's appearance from code, drawn and turned like the
/// face's own, and a shape whose path is made from its size.
@Suite struct ExtensionPointTests {
  @Test func aShapesPathFollowsItsSizeInPresentationsToo() {
    let shape = ShapeLayer()
    shape.pathForSize = { size in
      Path.rect(Rect(x: 0, y: 0, width: size.width / 2, height: size.height))
    }
    shape.frame = Rect(x: 10, y: 10, width: 40, height: 20)
    #expect(shape.path == Path.rect(Rect(x: 0, y: 0, width: 20, height: 20)))
    shape.bounds = Rect(x: 0, y: 0, width: 100, height: 20)
    #expect(shape.path == Path.rect(Rect(x: 0, y: 0, width: 50, height: 20)))
    // An animation of the bounds: the presentation's path is made from the size shown then.
    shape.add(
      BasicAnimation(
        \Layer.bounds, from: Rect(x: 0, y: 0, width: 0, height: 20),
        to: Rect(x: 0, y: 0, width: 100, height: 20),
        timing: AnimationTiming(beginTime: 0, duration: 1)),
      forKey: "grow")
    let halfway = shape.presentation(at: 0.5) as? ShapeLayer
    #expect(halfway?.path == Path.rect(Rect(x: 0, y: 0, width: 25, height: 20)))
  }

  @Test func aHandFromCodeIsPlacedAndTurnedAsTheFacesOwn() throws {
    let face = ClockFace(size: 200, theme: .classic)
    var radiusGiven = 0.0
    face.handMakers[.secondHand] = { radius in
      radiusGiven = radius
      let hand = ShapeLayer()
      hand.name = "our hand"
      hand.bounds = Rect(x: 0, y: 0, width: 4, height: radius)
      hand.anchorPoint = Point(x: 0.5, y: 1)
      hand.fillColor = Color(hex: 0x00FF00)
      hand.pathForSize = { Path.rect(Rect(x: 0, y: 0, width: $0.width, height: $0.height)) }
      return hand
    }
    face.show(date: Date(timeIntervalSince1970: 1_800_000_015), zone: .utc)  // :15 seconds
    let hand = try #require(face.layer.sublayers.first { $0.name == "our hand" })
    #expect(radiusGiven > 50 && hand.position == Point(x: 100, y: 100))
    #expect(abs(hand.transform.b - 1) < 1e-9, "turned a quarter: the hand points to 3")
    // Drawn: green pixels right of the centre, none above it.
    let image = try Renderer().renderImage(face.layer.presentation(at: 0), width: 200, height: 200)
    let green = image.withPixels { pixels, stride in
      (right: pixels[100 * stride + 150] & 0x00FF_FFFF, up: pixels[50 * stride + 100] & 0x00FF_FFFF)
    }
    #expect(green.right == 0x00FF00 && green.up != 0x00FF00, "\(green)")
  }

  @Test func aDialFromCodeReplacesTheThemesAndIsNotKeptBetweenRuns() throws {
    let face = ClockFace(size: 200, theme: .classic, parts: [.dial])
    face.dialMaker = { box in
      let dial = ShapeLayer()
      dial.frame = box
      dial.pathForSize = {
        Path.circle(center: Point(x: $0.width / 2, y: $0.height / 2), radius: $0.width / 2)
      }
      dial.fillColor = Color(hex: 0x0000FF)
      return dial
    }
    #expect(face.staticParts.rasterizationLasts == false)
    let image = try Renderer().renderImage(face.layer.presentation(at: 0), width: 200, height: 200)
    #expect(
      image.withPixels { pixels, stride in pixels[100 * stride + 60] & 0x00FF_FFFF } == 0x0000FF)
  }
}
