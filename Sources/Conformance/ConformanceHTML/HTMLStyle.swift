import ConformanceKit

/// The one style of every page: system fonts only (nothing fetched), readable at 390 px and at
/// 1280 px, colours that keep a contrast of 4.5:1 or more, and a mark beside every colour
/// (`+`, `-`, the outcome's word) so that nothing is told by colour alone.
enum HTMLStyle {
    static let css = """
        :root{color-scheme:light;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--bg:#fff;--soft:#f6f8fa;\
        --pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--add:#dafbe1;--del:#ffebe9;--addfg:#116329;--delfg:#a40e26}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:var(--fg);background:var(--bg)}
        main{max-width:1200px;margin:0 auto;padding:1rem}
        h1{font-size:1.6rem;margin:.5rem 0}
        h2{font-size:1.3rem;margin:2rem 0 .5rem;padding-bottom:.25rem;border-bottom:1px solid var(--line)}
        h3{font-size:1.1rem;margin:1.5rem 0 .5rem}
        a{color:#0550ae}
        code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.86rem}
        pre{background:var(--soft);padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-word;margin:.5rem 0}
        .skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.25rem}
        .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        nav.toc ul,nav.pages ul{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
        nav.pages{background:var(--soft);border-bottom:1px solid var(--line);padding:0 1rem}
        .muted{color:var(--muted)}
        .wrap{overflow-x:auto;margin:.5rem 0 1rem}.wrap:focus-visible{outline:2px solid #0550ae;outline-offset:2px}
        table{border-collapse:collapse;min-width:100%}
        caption{text-align:left;font-weight:600;padding:.25rem 0}
        th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
        thead th{background:var(--soft)}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
        tfoot th,tfoot td{font-weight:600;background:var(--soft)}
        .badge{display:inline-block;padding:0 .4rem;border-radius:.6rem;font-size:.8rem;font-weight:600;border:1px solid currentColor;white-space:nowrap}
        .passed{color:var(--pass)}.failed,.errored,.recorded{color:var(--fail)}.skipped,.expected{color:var(--warn)}
        details.scenario{border:1px solid var(--line);border-radius:.4rem;margin:.5rem 0;background:var(--bg)}
        details.scenario>summary{cursor:pointer;padding:.4rem .6rem;list-style-position:inside;overflow-wrap:anywhere}
        details.scenario[open]>summary{border-bottom:1px solid var(--line);background:var(--soft)}
        details.scenario>div{padding:.25rem .75rem .75rem}
        dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.1rem .75rem;margin:.5rem 0}
        dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
        table.diff{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.82rem;min-width:0;width:100%}
        table.diff td,table.diff th{border:0;padding:0 .4rem}
        table.diff td.t{white-space:pre-wrap;overflow-wrap:anywhere;width:100%}
        table.diff td.n{color:var(--muted);text-align:right;white-space:nowrap}
        table.diff td.s{white-space:nowrap;font-weight:700}
        table.diff tr.del{background:var(--del)}table.diff tr.del td.s,table.diff tr.del td.t{color:var(--delfg)}
        table.diff tr.add{background:var(--add)}table.diff tr.add td.s,table.diff tr.add td.t{color:var(--addfg)}
        table.diff tr.hunk td{color:var(--muted);background:var(--soft);padding-top:.25rem}
        table.diff tr.step th{font-weight:600;background:#ddf4ff;padding:.15rem .4rem;text-align:left}
        ul.tags{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.25rem}
        ul.tags li{background:var(--soft);border:1px solid var(--line);border-radius:.6rem;padding:0 .4rem;font-size:.8rem}
        ol.steps{padding-left:2.5rem}ol.steps li{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.82rem;overflow-wrap:anywhere}
        caption{overflow-wrap:anywhere;position:sticky;left:0;max-width:calc(100vw - 1.5rem)}
        table.diff caption{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;font-size:.95rem}
        .m-killed{color:var(--pass)}.m-survived{color:var(--fail)}.m-listed{color:var(--muted)}
        table.source tr.m-survived{background:var(--del)}table.source tr.m-killed{background:var(--add)}
        table.source tr.m-listed{background:var(--soft)}table.source td.s{font-weight:400;font-size:.75rem;color:var(--muted)}
        code.path{overflow-wrap:anywhere}table.source tr.mutants>td{padding:.1rem .4rem .4rem}details.mutant{margin:.2rem 0;font-family:system-ui,sans-serif}
        .short{display:none}
        .sides{display:flex;flex-wrap:wrap;gap:.5rem}.sides figure{flex:1 1 20rem;margin:0;min-width:0}
        .sides figcaption{font-weight:600}
        @media (max-width:600px){body{font-size:14px}main{padding:.5rem}h1{font-size:1.3rem}th,td{padding:.2rem .3rem}\
        .short{display:inline}.long{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}\
        table.summary,table.side{font-size:11px}table.summary th,table.summary td{padding:.15rem}\
        dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.25rem}}
        """
}
