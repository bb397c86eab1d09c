//! 3MF: a zip package holding one XML model (3MF core specification 1.x) with one coloured
//! object per piece, each placed where its mesh is.

use super::{MeshError, PrintObject};
use crate::doc::xml_escape;
use std::fmt::Write as _;
use std::io::Write as _;

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
  <Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/>
</Types>
"#;

const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/>
</Relationships>
"#;

/// The package for `objects` (at least one), titled `title`.
pub fn threemf(title: &str, objects: &[PrintObject]) -> Result<Vec<u8>, MeshError> {
    if objects.is_empty() {
        return Err(MeshError::Input("nothing to put in the 3MF package".into()));
    }
    let model = model_xml(title, objects);
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    let err = |e: &dyn std::fmt::Display| MeshError::Package(e.to_string());
    for (path, text) in [
        ("[Content_Types].xml", CONTENT_TYPES),
        ("_rels/.rels", RELS),
        ("3D/3dmodel.model", model.as_str()),
    ] {
        zip.start_file(path, opts).map_err(|e| err(&e))?;
        zip.write_all(text.as_bytes()).map_err(|e| err(&e))?;
    }
    Ok(zip.finish().map_err(|e| err(&e))?.into_inner())
}

/// The model part: base materials (one colour per object), the objects, the build.
pub fn model_xml(title: &str, objects: &[PrintObject]) -> String {
    let mut x = String::new();
    x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    x.push_str("<model unit=\"millimeter\" xml:lang=\"en-US\" xmlns=\"http://schemas.microsoft.com/3dmanufacturing/core/2015/02\">\n");
    let _ = writeln!(
        x,
        "  <metadata name=\"Title\">{}</metadata>",
        xml_escape(title)
    );
    x.push_str("  <resources>\n    <basematerials id=\"1\">\n");
    for o in objects {
        let c = o.colour;
        let _ = writeln!(
            x,
            "      <base name=\"{}\" displaycolor=\"#{:02X}{:02X}{:02X}FF\"/>",
            xml_escape(&o.name),
            c.0,
            c.1,
            c.2
        );
    }
    x.push_str("    </basematerials>\n");
    for (i, o) in objects.iter().enumerate() {
        let _ = writeln!(
            x,
            "    <object id=\"{}\" type=\"model\" name=\"{}\" pid=\"1\" pindex=\"{i}\">\n      <mesh>\n        <vertices>",
            i + 2,
            xml_escape(&o.name)
        );
        for v in &o.mesh.vertices {
            let _ = writeln!(
                x,
                "          <vertex x=\"{}\" y=\"{}\" z=\"{}\"/>",
                num(v[0]),
                num(v[1]),
                num(v[2])
            );
        }
        x.push_str("        </vertices>\n        <triangles>\n");
        for t in &o.mesh.triangles {
            let _ = writeln!(
                x,
                "          <triangle v1=\"{}\" v2=\"{}\" v3=\"{}\"/>",
                t[0], t[1], t[2]
            );
        }
        x.push_str("        </triangles>\n      </mesh>\n    </object>\n");
    }
    x.push_str("  </resources>\n  <build>\n");
    for i in 0..objects.len() {
        let _ = writeln!(x, "    <item objectid=\"{}\"/>", i + 2);
    }
    x.push_str("  </build>\n</model>\n");
    x
}

/// A coordinate with enough digits (a micrometre is 0.001), without `-0` or exponents.
fn num(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".into()
    } else {
        s.to_string()
    }
}
