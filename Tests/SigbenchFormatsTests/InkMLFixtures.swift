/// Hand-written InkML, one per dialect real files come in (CROHME, MathWriting, Word/Office,
/// OneNote, Windows Journal) plus one per grammar quirk.
/// Values are ours; the shapes follow what each producer writes.
enum InkMLFixtures {
  /// CROHME 2011–2014: no traceFormat (default X Y), plain `id`, `x y, x y` with a point
  /// wrapped across lines, a repeated first point, MathML inside annotationXML, label-only
  /// traceViews with bare references in a nested "Segmentation" group, an empty group.
  static let crohme = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ink xmlns="http://www.w3.org/2003/InkML">
    <annotation type="UI">2011_IVC_DEPT_F01_E01</annotation>
    <annotation type="truth">$a+1$</annotation>
    <annotation type="copyright">LUNAM/IRCCyN</annotation>
    <annotationXML type="truth" encoding="Content-MathML">
     <math xmlns='http://www.w3.org/1998/Math/MathML'>
      <mrow><mi xml:id="a_1">a</mi><annotation>not ink</annotation></mrow>
     </math>
    </annotationXML>
    <trace id="0">
    8555 10125, 8555 10125, 8600 10200, 8700
     10300
    </trace>
    <trace id="1">
    9000 10000, 9100 10100, 9200 10150
    </trace>
    <trace id="2">
    14125 11000
    </trace>
    <traceGroup xml:id="3">
     <annotation type="truth">Segmentation</annotation>
     <traceGroup xml:id="4">
      <annotation type="truth">a</annotation>
      <traceView traceDataRef="0"/>
      <traceView traceDataRef="1"/>
      <annotationXML href="a_1"/>
     </traceGroup>
     <traceGroup xml:id="5">
      <traceView traceDataRef="2"/>
     </traceGroup>
    </traceGroup>
    <traceGroup xml:id="6"></traceGroup>
    </ink>
    """

  /// CROHME's MfrDB part: X Y T integers in pt, pt, ms, with T from an arbitrary origin.
  static let crohmeMfrDB = """
    <ink xmlns="http://www.w3.org/2003/InkML">
    <traceFormat>
    <channel name="X" type="integer" units="pt"/>
    <channel name="Y" type="integer" units="pt"/>
    <channel name="T" type="integer" units="ms"/>
    </traceFormat>
    <trace id="0">120 300 1318096, 123 301 1318106, 127 303 1318116</trace>
    <trace id="1">200 300 1318300, 201 305 1318310</trace>
    </ink>
    """

  /// MathWriting: X Y T decimal, T in ms, `x y t,x y t` with no space after the comma, `id`.
  static let mathWriting = """
    <ink xmlns="http://www.w3.org/2003/InkML">
    <traceFormat>
    <channel name="X" type="decimal"/>
    <channel name="Y" type="decimal"/>
    <channel name="T" type="decimal" units="ms"/>
    </traceFormat>
    <annotation type="label">x^2</annotation>
    <annotation type="inkCreationMethod">human</annotation>
    <trace id="0">41.5 80.25 0,42.125 81 15.5,43.75 82.5 31</trace>
    <trace id="1">50 70 300.25,50.5 70.5 316</trace>
    </ink>
    """

  /// Word / Office clipboard: `inkml:` prefix, contexts in definitions with `#` references,
  /// X Y integer cm at 1000/cm, F in dev with max 32767 and resolution 0, `timeString`, a brush
  /// with units, and `'`/`"` differences glued without spaces. The first trace is the worked
  /// example of `InkMLGrammarTests` (`100 200 5000,'3'-2'40,"1"0"-5,…` → (100, 200, 5000) …
  /// (118, 193, 5139)); the second uses OA/OE at 10 per degree.
  static let word = """
    <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML">
     <inkml:definitions>
      <inkml:context xml:id="ctx0">
       <inkml:inkSource xml:id="inkSrc0">
        <inkml:traceFormat>
         <inkml:channel name="X" type="integer" min="-2.14748E9" max="2.14748E9" units="cm"/>
         <inkml:channel name="Y" type="integer" min="-2.14748E9" max="2.14748E9" units="cm"/>
         <inkml:channel name="F" type="integer" max="32767" units="dev"/>
        </inkml:traceFormat>
        <inkml:channelProperties>
         <inkml:channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>
         <inkml:channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>
         <inkml:channelProperty channel="F" name="resolution" value="0" units="1/dev"/>
        </inkml:channelProperties>
       </inkml:inkSource>
       <inkml:timestamp xml:id="ts0" timeString="2024-11-17T14:40:01.152"/>
      </inkml:context>
      <inkml:context xml:id="ctx1" contextRef="#ctx0">
       <inkml:inkSource xml:id="inkSrc1">
        <inkml:traceFormat>
         <inkml:channel name="X" type="integer" units="cm"/>
         <inkml:channel name="Y" type="integer" units="cm"/>
         <inkml:channel name="F" type="integer" max="32767" units="dev"/>
         <inkml:channel name="OA" type="integer" units="deg"/>
         <inkml:channel name="OE" type="integer" units="deg"/>
        </inkml:traceFormat>
        <inkml:channelProperties>
         <inkml:channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>
         <inkml:channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>
         <inkml:channelProperty channel="OA" name="resolution" value="10" units="1/deg"/>
         <inkml:channelProperty channel="OE" name="resolution" value="10" units="1/deg"/>
        </inkml:channelProperties>
       </inkml:inkSource>
      </inkml:context>
      <inkml:brush xml:id="br0">
       <inkml:brushProperty name="width" value="0.05292" units="cm"/>
       <inkml:brushProperty name="color" value="#0000FF"/>
       <inkml:brushProperty name="transparency" value="0"/>
      </inkml:brush>
     </inkml:definitions>
     <inkml:trace contextRef="#ctx0" brushRef="#br0">100 200 5000,'3'-2'40,"1"0"-5,2 1-3,-1-1 0</inkml:trace>
     <inkml:trace contextRef="#ctx1" brushRef="#br0">1000 2000 16000 450 600,'-29'35'903'0'0</inkml:trace>
    </inkml:ink>
    """

  /// OneNote (web): emma/msink namespaces (an `msink:context` that is not an InkML context),
  /// contexts with and without pressure, X Y himetric, F dev, `xml:id="st0"`, one traceGroup,
  /// a brush with colour, tip and rasterOp.
  static let oneNote = """
    <inkml:ink xmlns:inkml="http://www.w3.org/2003/InkML" xmlns:emma="http://www.w3.org/2003/04/emma" xmlns:msink="http://schemas.microsoft.com/ink/2010/main">
     <inkml:definitions>
      <inkml:context xml:id="ctxCoordinatesWithPressure">
       <inkml:inkSource xml:id="inkSrcCoordinatesWithPressure">
        <inkml:traceFormat>
         <inkml:channel name="X" type="integer" max="32767" units="himetric"/>
         <inkml:channel name="Y" type="integer" max="32767" units="himetric"/>
         <inkml:channel name="F" type="integer" max="32767" units="dev"/>
        </inkml:traceFormat>
        <inkml:channelProperties>
         <inkml:channelProperty channel="X" name="resolution" value="1" units="1/himetric"/>
         <inkml:channelProperty channel="Y" name="resolution" value="1" units="1/himetric"/>
         <inkml:channelProperty channel="F" name="resolution" value="1" units="1/dev"/>
        </inkml:channelProperties>
       </inkml:inkSource>
      </inkml:context>
      <inkml:context xml:id="ctxCoordinatesWithoutPressure">
       <inkml:inkSource xml:id="inkSrcCoordinatesWithoutPressure">
        <inkml:traceFormat>
         <inkml:channel name="X" type="integer" max="32767" units="himetric"/>
         <inkml:channel name="Y" type="integer" max="32767" units="himetric"/>
        </inkml:traceFormat>
       </inkml:inkSource>
      </inkml:context>
      <inkml:brush xml:id="br0">
       <inkml:brushProperty name="width" value="100" units="himetric"/>
       <inkml:brushProperty name="color" value="#FF0000"/>
       <inkml:brushProperty name="tip" value="ellipse"/>
       <inkml:brushProperty name="rasterOp" value="copyPen"/>
      </inkml:brush>
     </inkml:definitions>
     <inkml:traceGroup>
      <inkml:annotationXML>
       <emma:emma version="1.0"><emma:interpretation id="{1}" emma:medium="tactile"/></emma:emma>
      </inkml:annotationXML>
      <inkml:trace xml:id="st0" contextRef="#ctxCoordinatesWithPressure" brushRef="#br0">2540 2540 16384, 2600 2560 20000, 2700 2600 32767</inkml:trace>
      <inkml:trace xml:id="st1" contextRef="#ctxCoordinatesWithoutPressure" brushRef="#br0">3000 2540, 3100 2600</inkml:trace>
     </inkml:traceGroup>
     <msink:context xml:id="ctxNotInk"><inkml:trace>1 2, 3 4</inkml:trace></msink:context>
    </inkml:ink>
    """

  /// Windows Journal: X Y cm at 1000/cm, F, OTx OTy at 100 per degree, differences, several
  /// brushes (one inheriting from another) with `ignorePressure="1"`.
  static let journal = """
    <ink xmlns="http://www.w3.org/2003/InkML">
     <definitions>
      <context xml:id="ctx0">
       <inkSource xml:id="src0" manufacturer="Wacom" model="Penabled">
        <traceFormat>
         <channel name="X" type="integer" units="cm"/>
         <channel name="Y" type="integer" units="cm"/>
         <channel name="F" type="integer" max="1023" units="dev"/>
         <channel name="OTx" type="integer" min="-9000" max="9000" units="deg"/>
         <channel name="OTy" type="integer" min="-9000" max="9000" units="deg"/>
        </traceFormat>
        <sampleRate uniform="true" value="133"/>
        <channelProperties>
         <channelProperty channel="X" name="resolution" value="1000" units="1/cm"/>
         <channelProperty channel="Y" name="resolution" value="1000" units="1/cm"/>
         <channelProperty channel="OTx" name="resolution" value="100" units="1/deg"/>
         <channelProperty channel="OTy" name="resolution" value="100" units="1/deg"/>
        </channelProperties>
       </inkSource>
      </context>
      <brush xml:id="thin">
       <brushProperty name="width" value="0.02" units="cm"/>
       <brushProperty name="color" value="#000000"/>
       <brushProperty name="ignorePressure" value="1"/>
      </brush>
      <brush xml:id="thickRed" brushRef="#thin">
       <brushProperty name="width" value="0.1" units="cm"/>
       <brushProperty name="color" value="#FF0000"/>
      </brush>
     </definitions>
     <context contextRef="#ctx0"/>
     <trace brushRef="#thin">1000 1000 512 0 0,'10'5'1'1000'0,'10'5'1'0'1000</trace>
     <trace brushRef="#thickRed">2000 1500 1023 -4500 0</trace>
    </ink>
    """

  /// Grammar quirks: exponents, hex, `T F * ?`, glued values, `!`, empty points, a trailing
  /// comma, intermittent channels with defaults, a penUp trace, a traceView of a trace kept in
  /// definitions (drawn once, sub-range), timestamps with `timeOffset`, nested groups with a
  /// group brush, continuation traces, and a trace with unknown positions.
  static let quirks = """
    <ink xmlns="http://www.w3.org/2003/InkML">
     <definitions>
      <timestamp xml:id="start" time="1000"/>
      <timestamp xml:id="later" timestampRef="#start" timeOffset="500"/>
      <context xml:id="c1">
       <traceFormat>
        <channel name="X" units="mm"/>
        <channel name="Y" units="mm"/>
        <channel name="T" units="s" respectTo="#start"/>
        <intermittentChannels>
         <channel name="F" default="50"/>
        </intermittentChannels>
       </traceFormat>
      </context>
      <context xml:id="c2">
       <traceFormat>
        <channel name="X" units="mm"/>
        <channel name="Y" units="mm"/>
        <channel name="T" units="ms" respectTo="#later"/>
       </traceFormat>
      </context>
      <brush xml:id="groupBrush"><brushProperty name="color" value="#00FF00"/></brush>
      <trace xml:id="stored" contextRef="#c2">0 0 0, 1 0 10, 2 0 20, 3 0 30</trace>
     </definitions>
     <trace xml:id="e" contextRef="#c1">1e1 2.5E-1 0 25,.5 5. 0.25,#1F #a 0.5 T,* * 0.75 *,,-1-2 1 ?,</trace>
     <trace xml:id="hover" type="penUp" contextRef="#c2">10 10 100, 11 11 110</trace>
     <traceGroup brushRef="#groupBrush">
      <traceGroup>
       <trace xml:id="inner" contextRef="#c2" timeOffset="100">4 4 0</trace>
       <traceView traceDataRef="#stored" from="2" to="3"/>
       <traceView traceDataRef="#inner"/>
      </traceGroup>
     </traceGroup>
     <traceView traceDataRef="stored" from="2" to="3"/>
     <trace xml:id="part1" contextRef="#c2" continuation="begin">20 20 200,'1'1'10</trace>
     <trace xml:id="part2" contextRef="#c2" continuation="end" priorRef="#part1">1 1 10</trace>
     <trace xml:id="unknown" contextRef="#c2">30 30 300, ? 31 310, 32 32 320</trace>
    </ink>
    """

  /// Every fixture by name, for table-driven and mutation tests.
  static let all: [(String, String)] = [
    ("crohme", crohme), ("crohme-mfrdb", crohmeMfrDB), ("mathwriting", mathWriting),
    ("word", word), ("onenote", oneNote), ("journal", journal), ("quirks", quirks),
  ]
}
