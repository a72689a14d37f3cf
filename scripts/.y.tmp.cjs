const fs=require('fs'),zlib=require('zlib');const {SourceMapConsumer}=require('source-map');
(async()=>{const f=process.argv[2];const code=fs.readFileSync(f,'utf8');const map=JSON.parse(fs.readFileSync(f+'.map','utf8'));
const lines=code.split('\n');const parts={};const re=new RegExp(process.argv[3]);
await SourceMapConsumer.with(map,null,c=>{let prev=null;c.eachMapping(m=>{if(prev&&prev.generatedLine===m.generatedLine){const s=prev.source||'?';const k=re.test(s)?'match':'rest';(parts[k]=parts[k]||[]).push(lines[m.generatedLine-1].slice(prev.generatedColumn,m.generatedColumn));}prev=m;},null,SourceMapConsumer.GENERATED_ORDER);});
const all=zlib.gzipSync(code,{level:9}).length;const rest=zlib.gzipSync((parts.rest||[]).join(''),{level:9}).length;
console.log('all gz',(all/1024).toFixed(1),'without match gz',(rest/1024).toFixed(1),'saving',((all-rest)/1024).toFixed(1));})();
