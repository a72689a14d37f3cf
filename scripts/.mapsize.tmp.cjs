// Sum minified bytes per source (package) from a source map.
const fs=require('fs');const {SourceMapConsumer}=require('source-map');
(async()=>{
const file=process.argv[2];const code=fs.readFileSync(file,'utf8');const map=JSON.parse(fs.readFileSync(file+'.map','utf8'));
const c=await new SourceMapConsumer(map);const lines=code.split('\n');const sizes={};
let prev=null;
c.eachMapping(m=>{ if(prev){ if(prev.generatedLine===m.generatedLine){const len=m.generatedColumn-prev.generatedColumn; const k=prev.source||'?'; sizes[k]=(sizes[k]||0)+len;} } prev=m;});
const pk={};for(const [s,n] of Object.entries(sizes)){let k=s.replace(/^webpack:\/\/[^/]*\//,'');const i=k.lastIndexOf('node_modules/');if(i>=0){const rest=k.slice(i+13).split('/');k=rest[0].startsWith('@')?rest[0]+'/'+rest[1]:rest[0];} else if(process.argv[3]!=='files'){k=k.split('/').slice(0,4).join('/');} pk[k]=(pk[k]||0)+n;}
const tot=code.length;console.log('total',tot);
Object.entries(pk).sort((a,b)=>b[1]-a[1]).slice(0,40).forEach(([k,n])=>console.log(String(n).padStart(8),k));
})();
